import { LIVE } from '@globetrail/contracts';

interface Presence {
  sockets: number;
  lastSeen: number;
}

/**
 * Who is in the lobby and the arena, for the toolbar counters. SPEC §5: in arena and lobby a player
 * counts as connected while seen within the last 75 s, so a dropped connection does not flicker the count.
 */
export class RoomPresence {
  private readonly rooms = new Map<string, Map<string, Presence>>();

  enter(room: string, uid: string, now: number): void {
    const members = this.members(room);
    const presence = members.get(uid) ?? { sockets: 0, lastSeen: now };
    members.set(uid, { sockets: presence.sockets + 1, lastSeen: now });
  }

  /**
   * One of the player's sockets is out of the room. `dropped`: its connection went (it may come back, so
   * the player still counts for the window); `left`: the player left on purpose (a page closed, a match
   * over), so once none of their sockets is in, they no longer count.
   */
  leave(room: string, uid: string, now: number, how: 'left' | 'dropped' = 'dropped'): void {
    const presence = this.rooms.get(room)?.get(uid);
    if (!presence) return;
    const sockets = Math.max(0, presence.sockets - 1);
    if (sockets === 0 && how === 'left') this.members(room).delete(uid);
    else this.members(room).set(uid, { sockets, lastSeen: now });
  }

  count(room: string, now: number): number {
    return this.present(room, now).length;
  }

  /** The players counted in a room now. */
  present(room: string, now: number): string[] {
    const present: string[] = [];
    for (const [uid, presence] of this.rooms.get(room) ?? []) if (this.isPresent(presence, now)) present.push(uid);
    return present;
  }

  /** Forgets members gone for longer than the window; true when a count may have changed. */
  prune(now: number): boolean {
    let pruned = false;
    for (const members of this.rooms.values()) {
      for (const [uid, presence] of members) {
        if (!this.isPresent(presence, now)) {
          members.delete(uid);
          pruned = true;
        }
      }
    }
    return pruned;
  }

  private isPresent(presence: Presence, now: number): boolean {
    return presence.sockets > 0 || now - presence.lastSeen < LIVE.connectedWindowMs;
  }

  private members(room: string): Map<string, Presence> {
    let members = this.rooms.get(room);
    if (!members) this.rooms.set(room, (members = new Map()));
    return members;
  }
}
