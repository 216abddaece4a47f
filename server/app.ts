import Fastify, {type FastifyInstance} from 'fastify';
import {staticSite} from './static-site';

export interface AppOptions {
  /** Folder of the production build. */
  buildDir: string;
  logger?: boolean;
}

/** The production server: the built site, and later the partner-config API under /v1. */
export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({logger: options.logger ?? false});
  await app.register(staticSite, {root: options.buildDir});
  return app;
}
