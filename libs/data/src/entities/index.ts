// Every entity of the one schema. Add a domain's entities to ENTITIES when adding its file.
import {
  AnalyticsArticleDailyEntity,
  AnalyticsDailyEntity,
  AnalyticsRollupEntity,
  AnalyticsSearchDailyEntity,
  ContactMessageEntity,
  ReaderSearchEntity,
  ReaderSessionEntity,
  ReaderViewEntity,
} from './activity.entities';
import {
  ArticleCategoryEntity,
  ArticleEntity,
  ArticleStatsEntity,
  ArticleTranslationEntity,
  CategoryEntity,
} from './content.entities';
import { DesignSiteEntity, DesignVersionEntity } from './design.entities';
import {
  ArticleFeedbackEntity,
  CommentEmailEntity,
  CommentEntity,
  CommentSettingsEntity,
  InterfaceTextOverrideEntity,
  NoteReplyEntity,
  NoteThreadEntity,
} from './engagement.entities';
import { ImageEntity, ImageSecretEntity, ImageUploadUrlEntity } from './images.entities';
import {
  OAuthAccessTokenEntity,
  OAuthConnectionEntity,
  OAuthPayloadEntity,
  OAuthSecretEntity,
  OAuthPublicKeyEntity,
  DashboardSessionEntity,
} from './oauth.entities';
import { OutboxEntity } from './outbox.entity';
import {
  ArticleVersionEntity,
  ChangeSetEntity,
  ChangeSetItemEntity,
  SlugRedirectEntity,
  StagedCopyEntity,
  StagedSharedEntity,
} from './staging.entities';
import {
  AccountEntity,
  ApiKeyEntity,
  MembershipEntity,
  SiteEntity,
  UserEntity,
} from './tenancy.entities';
import { WebhookDeliveryEntity, WebhookEntity, WebhookEventEntity } from './webhooks.entities';

export * from './activity.entities';
export * from './content.entities';
export * from './design.entities';
export * from './engagement.entities';
export * from './images.entities';
export * from './oauth.entities';
export * from './outbox.entity';
export * from './staging.entities';
export * from './tenancy.entities';
export * from './webhooks.entities';

export const ENTITIES = [
  AccountEntity,
  UserEntity,
  SiteEntity,
  MembershipEntity,
  ApiKeyEntity,
  OutboxEntity,
  OAuthPayloadEntity,
  OAuthAccessTokenEntity,
  OAuthConnectionEntity,
  OAuthSecretEntity,
  OAuthPublicKeyEntity,
  DashboardSessionEntity,
  CategoryEntity,
  ArticleEntity,
  ArticleTranslationEntity,
  ArticleCategoryEntity,
  ArticleStatsEntity,
  WebhookEntity,
  WebhookEventEntity,
  WebhookDeliveryEntity,
  ImageEntity,
  ImageUploadUrlEntity,
  ImageSecretEntity,
  DesignSiteEntity,
  DesignVersionEntity,
  CommentEntity,
  CommentSettingsEntity,
  CommentEmailEntity,
  NoteThreadEntity,
  NoteReplyEntity,
  ArticleFeedbackEntity,
  InterfaceTextOverrideEntity,
  StagedCopyEntity,
  StagedSharedEntity,
  ArticleVersionEntity,
  SlugRedirectEntity,
  ChangeSetEntity,
  ChangeSetItemEntity,
  ReaderViewEntity,
  ReaderSearchEntity,
  ReaderSessionEntity,
  ContactMessageEntity,
  AnalyticsDailyEntity,
  AnalyticsArticleDailyEntity,
  AnalyticsSearchDailyEntity,
  AnalyticsRollupEntity,
];
