import { CREATED_AT, CreateTablesMigration, ID, SITE_ID } from './ddl';

/**
 * The second factor of the reader site's member sign-in (issue 38): the reader site holds no
 * data key, so after the right password it hands the person to auth-server's second-factor page
 * with a single-use token (`token_hash`, spent as `opened_at`), and takes them back once
 * auth-server records the code (`verified_at`). The return is bound to the browser that typed
 * the password (`browser_hash`: a reader-origin cookie's SHA-256) and spent once (`used_at`).
 */
export class MemberSecondFactor1795791384207 extends CreateTablesMigration {
  name = 'MemberSecondFactor1795791384207';

  protected tables = {
    member_second_factors: [
      ID,
      'token_hash CHAR(64) NOT NULL',
      'browser_hash CHAR(64) NOT NULL',
      SITE_ID,
      'user_id INT UNSIGNED NOT NULL',
      'return_url VARCHAR(2048) NOT NULL',
      'next_path VARCHAR(2048) NOT NULL',
      'expires_at DATETIME(3) NOT NULL',
      'opened_at DATETIME(3) NULL',
      'verified_at DATETIME(3) NULL',
      'used_at DATETIME(3) NULL',
      CREATED_AT,
      'UNIQUE KEY ux_member_second_factors_token (token_hash)',
      'KEY ix_member_second_factors_browser (browser_hash)',
      'KEY ix_member_second_factors_expiry (expires_at)',
    ],
  };
}
