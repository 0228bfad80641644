export type { Contact, ContactsResponse } from './schemas/contacts.ts';
