import { withoutPreviewToken } from '@cms/contracts';
import proxyAddr from '@fastify/proxy-addr';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import type { DestinationStream } from 'pino';
import { levels } from 'pino';
import { AppModule } from './app.module';
import { answerEntityTags } from './common/http/entity-tags';
import { answerIdOnlyToUpdatersWithoutView, storeNoSessionAnswers } from './common/http/session-answers';
import { trustProxyFunction } from './common/http/trust-proxy';
import { strictDocument } from './common/openapi/strict-document';
import { createValidationPipe, parseJsonBody } from './common/http/validation';
import type { AppConfig } from './config/app-config';
import type { Database } from './database/database';
import { mountFrontends } from './web/frontends';
import { securityHeadersFor } from './web/security-headers';
import { loopbackOrigin } from './web/loopback-origin';
import { AppMetrics, metricsAccess, mountMetrics } from './observability/metrics';
import { answerRequestIds, requestIdOf } from './observability/request-id';
import { RevalidationService } from './revalidation/revalidation.service';

const JSON_BODY_LIMIT = 1024 * 1024;
/** Headers a cross-origin script may read; the CORS plugin names them on every answer. */
const CORS_EXPOSED_HEADERS = ['Content-Range', 'Retry-After', 'ETag', 'X-Request-Id'];
/** Probes and scrapes, asked every few seconds: answered, counted, not logged. */
const UNLOGGED = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/metrics']);

/**
 * Builds the whole HTTP application (not yet listening): the API under /api with its pipes,
 * guard, error filter and OpenAPI, and, unless serving the API alone, the admin and the site.
 * It runs on Fastify, whose framework overhead per request is a quarter of Express's (docs/perf.md).
 */
export async function createApp(
  config: AppConfig & { jwtSecret: string },
  database: Database,
  options: { logStream?: DestinationStream } = {},
): Promise<NestFastifyApplication> {
  const trustProxy = trustProxyFunction(config.trustProxy);
  const clientAddressOf = (req: IncomingMessage) => (trustProxy ? proxyAddr(req, trustProxy) : req.socket.remoteAddress);
  const adapter = new FastifyAdapter({
    trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // No Express-style middleware runs here (logging and security headers are Fastify hooks),
    // so @fastify/middie, which every request would pass through, is not registered.
    skipMiddie: true,
    // X-Request-Id: the caller's when well-formed, else a new UUID (observability/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  const metrics = new AppMetrics();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ config, dataSource: database.dataSource, reads: database.reads, metrics, logStream: options.logStream }),
    adapter,
    {
      bufferLogs: true,
      bodyParser: false,
    },
  );
  const logger = app.get(Logger);
  app.useLogger(logger);
  const fastify = app.getHttpAdapter().getInstance();
  // A route may take a larger body than JSON_BODY_LIMIT by saying so: @RouteConfig({ bodyLimit }) (a bulk create).
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
  fastify.removeAllContentTypeParsers();
  // JSON bodies refuse keys that could reach an object's prototype, with a 400 that names the key.
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400, type: 'entity.parse.failed' }), undefined);
    }
  });
  // Other bodies are left unread for their handler: uploads stream multipart/form-data from the raw
  // request (busboy, with its own limits); elsewhere an unread body is simply absent.
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  // One line per answered request (not for health checks), without the token or cookies. The level
  // is fixed at start-up: asking pino whether info is on at every request cost a fifth of a cheap call.
  const logRequests = (levels.values[config.logLevel] ?? Infinity) <= levels.values.info;
  // Flat fields: pino-http's req/res serializers would read them off raw Node objects.
  const logCompleted = (
    reqId: string | undefined,
    method: string | undefined,
    url: string | undefined,
    statusCode: number,
    remoteAddress: string | undefined,
    elapsedMs: number,
  ) =>
    PinoLogger.root.info(
      { reqId, method, url: url === undefined ? url : withoutPreviewToken(url), statusCode, remoteAddress, responseTime: Math.round(elapsedMs) },
      'request completed',
    );
  answerRequestIds(fastify);
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    if (logRequests && !UNLOGGED.has(request.routeOptions.url ?? '')) {
      logCompleted(request.id, request.method, request.url, reply.statusCode, request.ip, reply.elapsedTime);
    }
    done();
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeadersFor(request.url, request.routeOptions.url));
    done();
  });
  storeNoSessionAnswers(fastify);
  answerEntityTags(fastify);
  answerIdOnlyToUpdatersWithoutView(fastify);
  app.enableCors({
    origin: true,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    allowedHeaders: ['Content-Type', 'token', 'Authorization', 'If-None-Match', 'If-Match'],
  });
  app.setGlobalPrefix('api');
  metrics.watch(database.dataSource, database.reads);
  app.get(RevalidationService).subscribe((event) => metrics.countPurge(event));
  mountMetrics(fastify, metrics, metricsAccess(config.metricsToken, clientAddressOf));
  app.useGlobalPipes(createValidationPipe());

  // Built on the first request for it, not at start: the document and its objects are memory and
  // start-up time that most processes never need (docs/perf.md, "Memory of a default start").
  const document = () =>
    strictDocument(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('CMS API')
          .setDescription(
            'REST API of the CMS, in the dialect of ra-data-simple-rest. Sign in with POST /api/auth/signin and send the token in the `token` header. A PUT by a caller whose role may update the resource but not view it (UPDATE_* without VIEW_*) answers `{ id }` only, not the record.',
          )
          .setVersion('1')
          .addApiKey({ type: 'apiKey', in: 'header', name: 'token' }, 'token')
          .build(),
      ),
    );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json', useGlobalPrefix: false });

  if (config.serve !== 'api') {
    await mountFrontends(app, {
      adminDir: config.adminDir,
      siteDir: config.serve === 'all' ? config.siteDir : undefined,
      apiOrigin: loopbackOrigin(config.host, config.port),
      clientAddressOf,
      publicUrl: config.publicUrl,
      allowedHosts: config.allowedHosts,
      // The rule Fastify's request.protocol follows: X-Forwarded-Proto from a trusted peer only.
      trustForwardedProto: (req) => (trustProxy ? trustProxy(req.socket.remoteAddress ?? '', 0) : false),
      logger,
      // What the onRequest hook and the CORS plugin give every public page: cached pages keep them.
      fixedHeaders: { ...securityHeadersFor('/'), 'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(', ') },
      // Cached pages answered before Fastify are counted and logged alike, with the client address it would name.
      answered: (req, requestId, statusCode, startedAt) => {
        const elapsedMs = performance.now() - startedAt;
        metrics.observeRequest(req.method ?? 'GET', '/*', statusCode, elapsedMs);
        if (logRequests) logCompleted(requestId, req.method, req.url, statusCode, clientAddressOf(req), elapsedMs);
      },
    });
  }
  return app;
}
