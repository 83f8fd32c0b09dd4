import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiKey } from '../auth/index.ts';
import { Hub } from './hub.ts';
import { SUPPORTED_VSN, type Vsn } from './protocol.ts';
import { SocketSession } from './socket-session.ts';

/** Hard cap on a frame; larger ones close the socket (1009). Below it, the config limit answers an error. */
const FRAME_CAP_FACTOR = 16;

interface SocketQuery {
  apikey?: string;
  vsn?: string;
}

/**
 * /realtime/v1/websocket: the Supabase Realtime protocol (Phoenix channels over a websocket), so the
 * stock supabase-js client works unchanged. docs/realtime-protocol.md says which part.
 */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const config = app.config.realtime;
  await app.register(websocket, { options: { maxPayload: config.maxMessageBytes * FRAME_CAP_FACTOR } });
  const hub = new Hub(app, config);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.close());

  await app.register(
    async (rt) => {
      rt.get(
        '/websocket',
        {
          websocket: true,
          schema: { hide: true },
          // Refused before the upgrade: no API key, or a serializer version we do not speak.
          preValidation: async (req: FastifyRequest<{ Querystring: SocketQuery }>, reply) => {
            const { apikey, vsn = '1.0.0' } = req.query;
            if (!(await isApiKey(app, apikey))) {
              return reply.status(401).send({ message: 'apikey is missing or invalid' });
            }
            if (!SUPPORTED_VSN.includes(vsn as Vsn)) {
              return reply
                .status(400)
                .send({ message: `unsupported vsn ${vsn}; use ${SUPPORTED_VSN.join(' or ')}` });
            }
          },
        },
        (socket, req: FastifyRequest<{ Querystring: SocketQuery }>) => {
          hub.addSocket(new SocketSession(socket, hub, (req.query.vsn ?? '1.0.0') as Vsn));
        },
      );
    },
    { prefix: '/realtime/v1' },
  );
}
