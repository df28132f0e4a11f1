import type { LatLng, TeamId } from '@globetrail/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendCommand } from '../../../lib/live/live-socket';

/**
 * The player's commands for one game. Each answers only ok or a refusal; the new state arrives as a
 * GameChanged message, so nothing here writes to the cache.
 */
export function useGameCommands(gameId: string) {
  const setReady = useMutation({ mutationFn: (ready: boolean) => sendCommand('SetReady', { gameId, ready }) });
  const chooseTeam = useMutation({ mutationFn: (team: TeamId) => sendCommand('ChooseTeam', { gameId, team }) });
  const confirmGuess = useMutation({
    mutationFn: (guess: { roundIndex: number; loc: LatLng; r?: number }) => sendCommand('PlaceGuess', { gameId, ...guess, final: true }),
  });
  const startViewing = useMutation({ mutationFn: (roundIndex: number) => sendCommand('StartViewing', { gameId, roundIndex }) });
  const forceEndRound = useMutation({ mutationFn: (roundIndex: number) => sendCommand('ForceEndRound', { gameId, roundIndex }) });
  const postChat = useMutation({ mutationFn: (text: string) => sendCommand('PostChat', { gameId, text }) });
  const restart = useMutation({ mutationFn: () => sendCommand('RestartGame', { gameId }) });
  return { setReady, chooseTeam, confirmGuess, startViewing, forceEndRound, postChat, restart };
}
