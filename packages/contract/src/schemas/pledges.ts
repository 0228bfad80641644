import { z } from 'zod';
import { siteMessages } from '../site-messages.ts';
import { refineWith } from './refine.ts';
import { PLEDGE_LIMITS, checkPledge } from '../pledges.ts';

export const pledgeBodySchema = z
  .object({
    name: z
      .string({ error: siteMessages.pledgeNameInvalid })
      .max(PLEDGE_LIMITS.name.max * 2, { error: siteMessages.pledgeNameInvalid }),
    amount: z.number({ error: siteMessages.pledgeAmountInvalid }),
    message: z
      .string({ error: siteMessages.pledgeMessageTooLong })
      .max(PLEDGE_LIMITS.message.max * 2, { error: siteMessages.pledgeMessageTooLong })
      .default(''),
  })
  .superRefine(refineWith(checkPledge));

export const pledgeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  amount: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
});

export const pledgeResponseSchema = z.object({
  pledge: pledgeSchema,
  message: z.string(),
});

export type Pledge = z.infer<typeof pledgeSchema>;
export type PledgeResponse = z.infer<typeof pledgeResponseSchema>;
