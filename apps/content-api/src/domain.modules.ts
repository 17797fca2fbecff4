// The content-api's domain modules, shared by the HTTP app and the operator CLI.
import { AccountModule } from './account/account.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { ArticlesModule } from './articles/articles.module';
import { AuditModule } from './audit/audit.module';
import { CategoriesModule } from './categories/categories.module';
import { ChangeSetsModule } from './change-sets/change-sets.module';
import { CommentsModule } from './comments/comments.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { ExportModule } from './export/export.module';
import { ExportJobsModule } from './export-jobs/export-jobs.module';
import { FeedbackModule } from './feedback/feedback.module';
import { ImagesModule } from './images/images.module';
import { NotesModule } from './notes/notes.module';
import { PreviewsModule } from './previews/previews.module';
import { ReviewModule } from './review/review.module';
import { RootModule } from './root/root.module';
import { SearchModule } from './search/search.module';
import { SessionModule } from './session/session.module';
import { SiteSettingsModule } from './sites/site-settings.module';
import { SitesModule } from './sites/sites.module';
import { StagedModule } from './staged/staged.module';
import { TeamDashboardModule } from './team/team-dashboard.module';
import { TeamModule } from './team/team.module';
import { TranslationsModule } from './translations/translations.module';
import { VersionsModule } from './versions/versions.module';
import { WebhooksModule } from './webhooks/webhooks.module';

export const DOMAIN_MODULES = [
  RootModule,
  SitesModule,
  SiteSettingsModule,
  AccountModule,
  SessionModule,
  TeamModule,
  TeamDashboardModule,
  ImagesModule,
  CategoriesModule,
  ArticlesModule,
  SearchModule,
  StagedModule,
  DashboardModule,
  PreviewsModule,
  VersionsModule,
  ChangeSetsModule,
  ExportModule,
  ExportJobsModule,
  WebhooksModule,
  CommentsModule,
  NotesModule,
  FeedbackModule,
  TranslationsModule,
  AnalyticsModule,
  AuditModule,
  ReviewModule,
];
