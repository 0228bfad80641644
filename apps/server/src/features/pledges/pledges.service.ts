import { randomUUID } from 'node:crypto';
import type { Pledge, PledgeInput } from '@urok/contract';
import type { Db } from '../../db/database.ts';
import { insertPledge, type PledgeRow } from './pledges.repository.ts';

function toPledge(row: PledgeRow): Pledge {
  return {
    _id: row.id,
    name: row.name,
    amount: row.amount,
    message: row.message,
    createdAt: row.created_at,
  };
}

/** Stores a pledge of support (already checked by checkPledge in the route schema). */
export async function createPledge(db: Db, input: PledgeInput): Promise<Pledge> {
  const row: PledgeRow = {
    id: randomUUID(),
    name: input.name.trim(),
    amount: input.amount,
    message: input.message.trim(),
    created_at: new Date().toISOString(),
  };
  await insertPledge(db, row);
  return toPledge(row);
}
