import { GeneratorPage } from '../../features/generator/components/generator-page';
import { GeneratorParamsError } from '../../features/generator/components/generator-params-error';
import { useGeneratorParams } from '../../features/generator/hooks/use-generator-params';
import { useStartSoloGame } from '../../features/solo/hooks/use-start-solo-game';
import { useErrorMessage } from '../../lib/api/use-error-message';
import { useNavigate } from '../../lib/routing/navigation';

/** genarator/{limit}/{key}/{region} (SPEC §2 spelling): outside the root layout, a page of its own. */
export function GeneratorRoute() {
  const parsed = useGeneratorParams();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const startGame = useStartSoloGame();

  if (!parsed.ok) return <GeneratorParamsError problems={parsed.problems} />;
  const { limit, provider, region } = parsed.params;
  return (
    <GeneratorPage
      key={`${limit}/${provider}/${region}`}
      params={parsed.params}
      play={{
        onPlay: (mapId) => startGame.mutate({ mapId }, { onSuccess: (started) => navigate(`/game/${encodeURIComponent(started.gameId)}`) }),
        pending: startGame.isPending,
        error: startGame.isError ? errorMessage(startGame.error) : null,
      }}
    />
  );
}
