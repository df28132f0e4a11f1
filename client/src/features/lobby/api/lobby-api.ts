import { lobbyViewSchema, type LobbyView } from '@globetrail/contracts';
import { sendCommand } from '../../../lib/live/live-socket';

export const lobbyQueryKey = ['lobby'] as const;

/** EnterLobby: joins the lobby's room and answers the open duels. */
export async function enterLobby(): Promise<LobbyView> {
  return lobbyViewSchema.parse(await sendCommand('EnterLobby', {}));
}

export function leaveLobby(): Promise<null> {
  return sendCommand('LeaveLobby', {});
}
