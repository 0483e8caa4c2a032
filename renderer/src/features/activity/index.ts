/** What other areas use of the activity feature: the page (for the router) and the recording player. */
export { ActivityPage } from './ActivityPage';
export { Recording, type RecordingProps, Transcript, type Transcription } from './Recording';
