// The embedded database's files (a server's DATA_DIR/pg) opened in this process, with the calls of
// a pg client that the seed and the benches use. PGlite takes one process at a time: close it
// (`end`) before a server opens the same folder.
export async function openEmbedded(pgDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(pgDir);
  return {
    query: async (sql, params = []) => {
      const res = await db.query(sql, params);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
    end: () => db.close(),
  };
}
