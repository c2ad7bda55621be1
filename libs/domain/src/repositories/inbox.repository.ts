import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A remote account's inbox for deliveries: its server's shared inbox when it has one. */
const INBOX = `COALESCE(NULLIF(a.shared_inbox_url, ''), a.inbox_url)`;
/**
 * Remote accounts with an inbox, on no server under a `suspend` domain block (its own domain's
 * or a parent's): as on Mastodon, a suspended server hears nothing from here.
 */
const DELIVERABLE = `a.domain IS NOT NULL AND a.inbox_url IS NOT NULL AND a.inbox_url <> ''
  AND NOT EXISTS (SELECT 1 FROM domain_blocks db WHERE db.severity = 'suspend'
                    AND (a.domain = db.domain OR a.domain LIKE '%.' || db.domain))`;

/**
 * Where activities of local accounts go: the inboxes of remote accounts, shared inboxes
 * preferred, each once (as Mastodon's StatusReachFinder and InboxesSerializer pick them).
 */
@Injectable()
export class InboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The inboxes of an account's remote followers (index on follows by target). */
  async followerInboxes(accountId: string): Promise<string[]> {
    const rows: Array<{ inbox: string }> = await this.dataSource.query(
      `SELECT DISTINCT ${INBOX} AS inbox FROM follows f JOIN accounts a ON a.id = f.account_id
       WHERE f.target_account_id = $1 AND ${DELIVERABLE}`,
      [accountId],
    );
    return rows.map((row) => row.inbox);
  }

  /**
   * Who hears of a status, in one query: the accounts it mentions (not silently), `others`
   * (the author replied to or reblogged), and with `followersOf` that account's followers.
   */
  async statusInboxes(
    statusId: string,
    others: string[],
    followersOf: string | null,
  ): Promise<string[]> {
    const rows: Array<{ inbox: string }> = await this.dataSource.query(
      `SELECT DISTINCT ${INBOX} AS inbox FROM accounts a
       WHERE ${DELIVERABLE} AND a.id IN (
         SELECT account_id FROM mentions WHERE status_id = $1 AND NOT silent
         UNION SELECT unnest($2::bigint[])
         UNION SELECT account_id FROM follows WHERE target_account_id = $3)`,
      [statusId, others, followersOf],
    );
    return rows.map((row) => row.inbox);
  }

  /**
   * Every inbox that knows an account: its remote followers, the remote accounts it follows
   * or asked to follow (an account's Delete goes to all of them).
   */
  async acquaintanceInboxes(accountId: string): Promise<string[]> {
    const rows: Array<{ inbox: string }> = await this.dataSource.query(
      `SELECT DISTINCT ${INBOX} AS inbox FROM accounts a
       WHERE ${DELIVERABLE} AND a.id IN (
         SELECT account_id FROM follows WHERE target_account_id = $1
         UNION SELECT target_account_id FROM follows WHERE account_id = $1
         UNION SELECT target_account_id FROM follow_requests WHERE account_id = $1)`,
      [accountId],
    );
    return rows.map((row) => row.inbox);
  }

  /** The inboxes of the remote ones among some accounts. */
  async inboxesOf(accountIds: string[]): Promise<string[]> {
    if (accountIds.length === 0) return [];
    const rows: Array<{ inbox: string }> = await this.dataSource.query(
      `SELECT DISTINCT ${INBOX} AS inbox FROM accounts a WHERE a.id = ANY($1::bigint[]) AND ${DELIVERABLE}`,
      [accountIds],
    );
    return rows.map((row) => row.inbox);
  }
}
