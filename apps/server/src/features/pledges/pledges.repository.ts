import type { Db, PledgesTable } from '../../db/database.ts';

export type PledgeRow = PledgesTable;

export async function insertPledge(db: Db, row: PledgeRow): Promise<void> {
  await db.insertInto('pledges').values(row).execute();
}

export function findPledgeById(db: Db, id: string): Promise<PledgeRow | undefined> {
  return db.selectFrom('pledges').selectAll().where('id', '=', id).executeTakeFirst();
}
