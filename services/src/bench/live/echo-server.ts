/**
 * The live bench's baselines, each in its own process, on the gateway's socket.io package and default
 * options. A socket joins a room; a player's `Move` (a marker move or a confirmed guess) is relayed to
 * everyone in the room, the sender included, and then acked, the order the gateway uses (push, then ack).
 * No auth, no validation, no per-viewer filtering.
 * - bare (no EVENTS_FILE): relays at once, storing nothing: the floor any Socket.IO app sits on;
 * - durable (EVENTS_FILE=<file>): first stores the message as an event, one row, in an embedded event store
 *   on that file (the game's SqliteEventStore: WAL, synchronous=FULL, its group commit on a writer thread),
 *   and relays it once the commit holding it is fsynced, as the gateway does with a guess.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store.js';

type Ack = (answer: { ok: true; data: null } | { ok: false; error: { code: string; message: string } }) => void;

interface EchoEvents {
  JoinRoom: (room: string, ack: () => void) => void;
  Move: (move: { room: string } & Record<string, unknown>, ack: Ack) => void;
}

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
const store = process.env.EVENTS_FILE ? SqliteEventStore.open(process.env.EVENTS_FILE) : null;

const http = createServer();
const io = new Server<EchoEvents, { Moved: (move: unknown) => void }>(http);
io.on('connection', (socket) => {
  socket.on('JoinRoom', (room, ack) => {
    void socket.join(room);
    ack();
  });
  socket.on('Move', async (move, ack) => {
    if (store) {
      try {
        await store.append(`room-${move.room}`, [{ id: randomUUID(), type: 'Moved', data: move }], 'any');
      } catch (error) {
        return ack({ ok: false, error: { code: 'NOT_STORED', message: (error as Error).message } });
      }
    }
    io.to(move.room).emit('Moved', move);
    ack({ ok: true, data: null });
  });
});
http.listen(port, '127.0.0.1', () => console.log(`${store ? 'durable' : 'bare'} echo server listening on ${port}`));
process.on('SIGTERM', () => {
  void io.close();
  http.close(() => void (store?.close() ?? Promise.resolve()).then(() => process.exit(0)));
});
