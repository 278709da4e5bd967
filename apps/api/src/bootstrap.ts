import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { createValidationPipe, rejectPrototypeKeys } from './common/http/validation';
import type { AppConfig } from './config/app-config';
import type { Database } from './database/database';
import { mountFrontends } from './web/frontends';
import { loopbackOrigin } from './web/loopback-origin';

export const JSON_BODY_LIMIT = '1mb';

/**
 * Builds the whole HTTP application (not yet listening): the API under /api with its pipes,
 * guard, error filter and OpenAPI, and, unless serving the API alone, the admin and the site.
 */
export async function createApp(config: AppConfig & { jwtSecret: string }, database: Database): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, dataSource: database.dataSource }), {
    bufferLogs: true,
    bodyParser: false,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.set('trust proxy', config.trustProxy);
  app.set('x-powered-by', false);
  app.set('query parser', 'simple');
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The spec marks pages shown inside a frame, so the site may be embedded.
          frameAncestors: ['*'],
          upgradeInsecureRequests: null,
        },
      },
      frameguard: false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.enableCors({ origin: true, exposedHeaders: ['Content-Range', 'Retry-After'], allowedHeaders: ['Content-Type', 'token', 'Authorization'] });
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT, reviver: rejectPrototypeKeys });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('CMS API')
      .setDescription('REST API of the CMS, in the dialect of ra-data-simple-rest. Sign in with POST /api/auth/signin and send the token in the `token` header.')
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'token' }, 'token')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', useGlobalPrefix: false });

  if (config.serve !== 'api') {
    await mountFrontends(app as INestApplication, {
      adminDir: config.adminDir,
      siteDir: config.serve === 'all' ? config.siteDir : undefined,
      apiOrigin: loopbackOrigin(config.host, config.port),
      logger,
    });
  }
  return app;
}
