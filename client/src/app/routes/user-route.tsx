import { useParams } from 'react-router-dom';
import { PublicProfileWindow } from '../../features/public-profile/components/public-profile-window';
import { HomeBackground } from '../../features/welcome/components/home-background';
import { useNavigate } from '../../lib/routing/navigation';

/** user/{userId}: the home view with that player's public profile open; closing it returns to "/". */
export function UserRoute() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <HomeBackground />
      <PublicProfileWindow key={userId} userId={userId} onClose={() => navigate('/', { replace: true })} />
    </>
  );
}
