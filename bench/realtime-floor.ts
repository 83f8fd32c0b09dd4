// The floor for bench/realtime.ts: a bare `ws` server in its own process. It answers "ping" frames
// with "pong" (a heartbeat without Phoenix, auth or channels) and relays "fan:" frames to every other
// socket (a broadcast without topics). Prints its port, then serves until killed.
import { WebSocketServer, type WebSocket } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('connection', (ws: WebSocket) => {
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    if (text.startsWith('fan:')) {
      for (const c of wss.clients) if (c !== ws) c.send(text);
    } else ws.send('pong');
  });
});
wss.on('listening', () => {
  const a = wss.address();
  console.log(`floor listening on ${a && typeof a === 'object' ? a.port : a}`);
});
