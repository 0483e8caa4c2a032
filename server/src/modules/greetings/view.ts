/**
 * A greeting as the contract shows it (§7 Greetings): text or upload, its audio by a short-lived signed URL
 * (media/urls.ts), and whether a phone call can play that audio.
 */
import { CALL_PLAYABLE_AUDIO_TYPES, type Greeting, type GreetingAudioType } from '@shared/api/greetings';
import type { greetings } from '../../db/schema';
import type { AppContext } from '../../http/context';
import { signGreetingUrl } from '../media/urls';

export type GreetingRow = typeof greetings.$inferSelect;

/** Calls play only CALL_PLAYABLE_AUDIO_TYPES (WAV, MP3); the other kinds play in the app alone. */
export function isCallPlayable(contentType: string | null): boolean {
  return CALL_PLAYABLE_AUDIO_TYPES.includes(contentType as GreetingAudioType);
}

export function greetingView(ctx: AppContext, row: GreetingRow): Greeting {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    kind: row.content != null ? 'text' : 'upload',
    content: row.content,
    voice: row.voice,
    audio_url: row.file_path ? signGreetingUrl(ctx, { companyId: row.company_id, id: row.id }) : null,
    content_type: row.content_type,
    size: row.size,
    playable_on_calls: !!row.file_path && isCallPlayable(row.content_type),
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
