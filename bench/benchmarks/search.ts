import { createAccessToken } from '@nestodon/testing';
import { defineBenchmark } from '../benchmark';
import { insertLocalAccounts } from '../seed-timelines';

const ACCOUNTS = 100;
const STATUSES = 100_000;
/** Each status has one of 8 topics and one of 8 colours: each word is in 12,500 statuses. */
const TOPICS = ['apple', 'banana', 'cherry', 'dragon', 'engine', 'forest', 'garden', 'harbor'];
const COLOURS = ['red', 'green', 'blue', 'yellow', 'purple', 'orange', 'silver', 'golden'];

interface SeededSearch {
  auths: string[];
}

/**
 * GET /api/v2/search?type=statuses for 100 signed-in users in turn, alternating `q=<word>` and
 * `q=from:<user> <word>`, over 100,000 public statuses of indexable accounts: PostgreSQL full
 * text on the generated `search_vector` (GIN), the searchable-scope conditions and the
 * visibility policy. The figures: `-c 10`.
 */
export default defineBenchmark<SeededSearch>({
  description: 'GET /api/v2/search?type=statuses (q=word and from:, 100,000 statuses)',
  async setup({ dataSource }) {
    const users = await insertLocalAccounts(dataSource, 'user', ACCOUNTS);
    const ids = users.map((user) => user.accountId);
    await dataSource.query(`UPDATE accounts SET indexable = true WHERE id = ANY($1::bigint[])`, [
      ids,
    ]);
    await dataSource.query(
      `INSERT INTO statuses (account_id, text, content_html, visibility, language, local, created_at)
       SELECT ($1::bigint[])[(n % $2) + 1], t.text, '<p>' || t.text || '</p>', 0, 'en', true,
              now() - make_interval(secs => $3 - n)
         FROM generate_series(1, $3) n,
              LATERAL (SELECT 'Status ' || n || ' about the ' || ($4::text[])[n % $6 + 1] ||
                              ', painted ' || ($5::text[])[(n / $6) % $7 + 1] || ' today' AS text) t`,
      [ids, ACCOUNTS, STATUSES, TOPICS, COLOURS, TOPICS.length, COLOURS.length],
    );
    await dataSource.query(`INSERT INTO status_stats (status_id) SELECT id FROM statuses`);
    await dataSource.query(`ANALYZE`);
    const auths: string[] = [];
    for (const user of users) {
      auths.push(`Bearer ${await createAccessToken(dataSource, { user: { id: user.userId } })}`);
    }
    return { auths };
  },
  requests: (_ctx, { auths }) =>
    auths.map((authorization, i) => {
      const word = i % 2 === 0 ? TOPICS[i % TOPICS.length] : COLOURS[i % COLOURS.length];
      const q = i % 4 < 2 ? word : `from:user${(i * 7) % ACCOUNTS} ${word}`;
      return {
        method: 'GET',
        path: `/api/v2/search?type=statuses&limit=20&q=${encodeURIComponent(q)}`,
        headers: { authorization },
      };
    }),
});
