import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { DataSource } from 'typeorm';
import { AppMetrics } from './observability/metrics';
import { AuditInterceptor } from './audit/audit.interceptor';
import { AccountsModule } from './accounts/accounts.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { ApiTokensModule } from './api-tokens/api-tokens.module';
import { AccessGuard } from './common/auth/access.guard';
import { QueryKeysGuard } from './common/http/query-keys.guard';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { ReadPool } from './database/read-pool';
import { ConfiguratorModule } from './configurator/configurator.module';
import { FormsModule } from './forms/forms.module';
import { InstanceEventsModule } from './instance-events/instance-events.module';
import { HealthController } from './health/health.controller';
import { MediaPacksModule } from './media-packs/media-packs.module';
import { MediasModule } from './medias/medias.module';
import { MessagesModule } from './messages/messages.module';
import { RevalidationModule } from './revalidation/revalidation.module';
import { CdnModule } from './cdn/cdn.module';
import { RolesModule } from './roles/roles.module';
import { SettingsModule } from './settings/settings.module';
import { ThemeController } from './theme/theme.controller';
import { UploadsModule } from './uploads/uploads.module';
import { UsersModule } from './users/users.module';
import { ContainersModule } from './containers/containers.module';
import { ContentsModule } from './contents/contents.module';
import { ElementsModule } from './elements/elements.module';
import { LayoutModule } from './layout/layout.module';
import { PagesModule } from './pages/pages.module';
import { RedirectsModule } from './redirects/redirects.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { SearchModule } from './search/search.module';
import { SlugsModule } from './slugs/slugs.module';
import { PageTreeModule } from './page-tree/page-tree.module';
import { VersionsModule } from './versions/versions.module';

interface AppModuleOptions {
  config: AppConfig & { jwtSecret: string };
  dataSource: DataSource;
  /** The hot reads' pool (database/read-pool.ts), injected as `ReadPool`. */
  reads: ReadPool;
  /** The application's Prometheus metrics (observability/metrics.ts), injectable as `AppMetrics`. */
  metrics: AppMetrics;
  /** Where log lines go (tests read them); standard output otherwise. */
  logStream?: DestinationStream;
}

@Module({})
export class AppModule {
  static forRoot({ config, dataSource, reads, metrics, logStream }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        // Nest's own logs go through pino; requests are logged by a Fastify hook (see bootstrap.ts),
        // not by pino-http's middleware, which built a child logger for every request.
        LoggerModule.forRoot({ pinoHttp: logStream ? [{ level: config.logLevel }, logStream] : { level: config.logLevel }, forRoutes: [] }),
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSource.options,
          dataSourceFactory: async () => dataSource,
        }),
        JwtModule.register({ global: true, secret: config.jwtSecret, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } }),
        InstanceEventsModule,
        VersionsModule,
        AuditModule,
        AuthModule,
        ApiTokensModule,
        RolesModule,
        UsersModule,
        AccountsModule,
        RevalidationModule,
        CdnModule,
        SettingsModule,
        FormsModule,
        MessagesModule,
        ConfiguratorModule,
        MediasModule,
        MediaPacksModule,
        UploadsModule,
        ContainersModule,
        ContentsModule,
        SlugsModule,
        PageTreeModule,
        RedirectsModule,
        WebhooksModule,
        SearchModule,
        ElementsModule,
        LayoutModule,
        PagesModule,
      ],
      controllers: [HealthController, ThemeController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: ReadPool, useValue: reads },
        { provide: AppMetrics, useValue: metrics },
        // Guards run in this order: who may call first, then which query keys the handler reads.
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: APP_GUARD, useClass: QueryKeysGuard },
        // Every write that succeeded leaves an audit entry (audit/audit.interceptor.ts).
        { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
      exports: [APP_CONFIG, ReadPool, AppMetrics],
    };
  }
}
