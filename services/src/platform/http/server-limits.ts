import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { WebConfig } from '../../config/config.js';

/**
 * Limits that keep stalled or greedy clients from starving everyone else: a client has
 * `headersTimeoutMs` to send its headers and `requestTimeoutMs` for the whole request (a body that never
 * comes is cut off with 408), idle keep-alive connections close after `keepAliveTimeoutMs`, and the
 * process holds at most `maxConnections` connections, `maxConnectionsPerAddress` of them from one address
 * (beyond either, new connections are closed at once). Behind a proxy every connection comes from the
 * proxy, so the per-address cap applies only when TRUST_PROXY is off; the proxy caps per client there.
 */
export function applyServerLimits(server: Server, limits: WebConfig): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  // Node checks both timeouts on this period; the default (30 s) would let a 10 s limit run to 40 s.
  (server as Server & { connectionsCheckingInterval?: number }).connectionsCheckingInterval = Math.min(1000, limits.headersTimeoutMs);
  server.maxConnections = limits.maxConnections;
  if (limits.trustProxy !== false) return;
  const perAddress = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const open = (perAddress.get(address) ?? 0) + 1;
    if (open > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    perAddress.set(address, open);
    socket.once('close', () => {
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left === 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
}
