// Every migration, oldest first. File names start with their timestamp; add new ones at the end.
import { Tenancy1763800000000 } from './1763800000000-tenancy';
import { Content1763900000000 } from './1763900000000-content';
import { Images1764000000000 } from './1764000000000-images';
import { Design1764100000000 } from './1764100000000-design';
import { OAuth1764200000000 } from './1764200000000-oauth';
import { Webhooks1764300000000 } from './1764300000000-webhooks';
import { Engagement1764400000000 } from './1764400000000-engagement';
import { Staging1764500000000 } from './1764500000000-staging';
import { Activity1764600000000 } from './1764600000000-activity';
import { KeySeparation1764700015000 } from './1764700015000-key-separation';
import { UnsafeHtml1764714000000 } from './1764714000000-unsafe-html';
import { RequestIds1764720000000 } from './1764720000000-request-ids';
import { DashboardSessions1764730000000 } from './1764730000000-dashboard-sessions';
import { OutdatedTranslations1764740000000 } from './1764740000000-outdated-translations';
import { Audit1764750000000 } from './1764750000000-audit';
import { WebhookLog1764760000000 } from './1764760000000-webhook-log';
import { WebhookRedelivery1764770000000 } from './1764770000000-webhook-redelivery';
import { WebhookSignatureScheme1795499466046 } from './1795499466046-webhook-signature-scheme';
import { VersionAudit1795499512887 } from './1795499512887-version-audit';
import { ChangeSetActor1795502419489 } from './1795502419489-change-set-actor';
import { ReaderPageVersions1795502960017 } from './1795502960017-reader-page-versions';
import { ArticleRevision1795600000000 } from './1795600000000-article-revision';
import { SealedSecrets1795600500000 } from './1795600500000-sealed-secrets';
import { PreviewHandoffs1795600600000 } from './1795600600000-preview-handoffs';
import { SearchTerms1795700000000 } from './1795700000000-search-terms';
import { FairDeliveryClaims1795700100000 } from './1795700100000-fair-delivery-claims';
import { TeamInvitations1795700900000 } from './1795700900000-team-invitations';
import { Accounts1795738000000 } from './1795738000000-accounts';
import { TraceContext1795739000000 } from './1795739000000-trace-context';
import { TwoFactor1795739100000 } from './1795739100000-two-factor';
import { SiteDomains1795740000000 } from './1795740000000-site-domains';
import { ReviewRequests1795771461188 } from './1795771461188-review-requests';
import { SearchBoundedReads1795781234000 } from './1795781234000-search-bounded-reads';
import { MemberSecondFactor1795791384207 } from './1795791384207-member-second-factor';
import { ExportJobs1795811717516 } from './1795811717516-export-jobs';
export const MIGRATIONS = [
  Tenancy1763800000000,
  Content1763900000000,
  Images1764000000000,
  OAuth1764200000000,
  Webhooks1764300000000,
  Design1764100000000,
  Engagement1764400000000,
  Staging1764500000000,
  Activity1764600000000,
  KeySeparation1764700015000,
  UnsafeHtml1764714000000,
  RequestIds1764720000000,
  DashboardSessions1764730000000,
  OutdatedTranslations1764740000000,
  Audit1764750000000,
  WebhookLog1764760000000,
  WebhookRedelivery1764770000000,
  WebhookSignatureScheme1795499466046,
  VersionAudit1795499512887,
  ChangeSetActor1795502419489,
  ReaderPageVersions1795502960017,
  ArticleRevision1795600000000,
  SealedSecrets1795600500000,
  PreviewHandoffs1795600600000,
  SearchTerms1795700000000,
  FairDeliveryClaims1795700100000,
  TeamInvitations1795700900000,
  Accounts1795738000000,
  TraceContext1795739000000,
  TwoFactor1795739100000,
  SiteDomains1795740000000,
  ReviewRequests1795771461188,
  SearchBoundedReads1795781234000,
  MemberSecondFactor1795791384207,
  ExportJobs1795811717516,
];
