import { useParams } from 'react-router-dom';
import { ChallengePage } from '../../features/challenges/components/challenge-page';
import { HomeBackground } from '../../features/welcome/components/home-background';

/** challenge/{challengeId} (SPEC §2): the challenge's overview over the home background, and its play. */
export function ChallengeRoute() {
  const { challengeId = '' } = useParams();
  return (
    <>
      <HomeBackground />
      <ChallengePage key={challengeId} challengeId={challengeId} />
    </>
  );
}
