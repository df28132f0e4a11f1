/**
 * The live bench's baseline: a bare Socket.IO server (the gateway's socket.io package and default options)
 * in its own process. A socket joins a room; a player's `Move` (a marker move or a confirmed guess) is
 * relayed to everyone in the room, the sender included, and then acked, the order the gateway uses (push,
 * then ack). No auth, no validation, no storage, no per-viewer filtering: the floor any Socket.IO app
 * sits on.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

interface EchoEvents {
  JoinRoom: (room: string, ack: () => void) => void;
  Move: (move: { room: string } & Record<string, unknown>, ack: (answer: { ok: true; data: null }) => void) => void;
}

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);

const http = createServer();
const io = new Server<EchoEvents, { Moved: (move: unknown) => void }>(http);
io.on('connection', (socket) => {
  socket.on('JoinRoom', (room, ack) => {
    void socket.join(room);
    ack();
  });
  socket.on('Move', (move, ack) => {
    io.to(move.room).emit('Moved', move);
    ack({ ok: true, data: null });
  });
});
http.listen(port, '127.0.0.1', () => console.log(`echo server listening on ${port}`));
process.on('SIGTERM', () => {
  void io.close();
  http.close(() => process.exit(0));
});
