import { up as initial } from './001_initial';
import { up as rpusListIndex } from './010_rpus_list_index';
import { up as syncEngine } from './020_sync_engine';
import { up as periodsByCredential } from './030_periods_by_credential';
import { up as webhookEngine } from './040_webhook_engine';
import { up as billing } from './050_billing';
import { up as periodsByReceipt } from './070_periods_by_receipt';
import { up as revokedTokens } from './080_revoked_tokens';
import { up as portalSessions } from './090_portal_sessions';
import { up as captchaPause } from './091_captcha_pause';
import { up as listIndexes } from './100_list_indexes';
import { up as authChanges } from './101_auth_changes';
import { up as listChanges } from './102_list_changes';
import { up as apiTokens } from './120_api_tokens';
import { up as documentListChanges } from './130_document_list_changes';
import { up as documentsByServicePoint } from './131_documents_by_service_point';
import { up as serviceCapConfirmation } from './140_service_cap_confirmation';
import { up as consultationCaptcha } from './141_consultation_captcha';

export type Migration = { version: number; name: string; up: string };

/** Every schema change, in order. Applied migrations are never edited: add a new one. */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'initial', up: initial },
  { version: 10, name: 'rpus_list_index', up: rpusListIndex },
  { version: 20, name: 'sync_engine', up: syncEngine },
  { version: 30, name: 'periods_by_credential', up: periodsByCredential },
  { version: 40, name: 'webhook_engine', up: webhookEngine },
  { version: 50, name: 'billing', up: billing },
  { version: 70, name: 'periods_by_receipt', up: periodsByReceipt },
  { version: 80, name: 'revoked_tokens', up: revokedTokens },
  { version: 90, name: 'portal_sessions', up: portalSessions },
  { version: 91, name: 'captcha_pause', up: captchaPause },
  { version: 100, name: 'list_indexes', up: listIndexes },
  { version: 101, name: 'auth_changes', up: authChanges },
  { version: 102, name: 'list_changes', up: listChanges },
  { version: 120, name: 'api_tokens', up: apiTokens },
  { version: 130, name: 'document_list_changes', up: documentListChanges },
  { version: 131, name: 'documents_by_service_point', up: documentsByServicePoint },
  { version: 140, name: 'service_cap_confirmation', up: serviceCapConfirmation },
  { version: 141, name: 'consultation_captcha', up: consultationCaptcha },
];
