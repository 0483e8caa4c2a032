/** A registration status as a badge, its label from the §4 table (shared/domain/registration.ts). */
import { Badge } from '@mantine/core';
import { labelOf } from '@shared/domain/codes';
import { SMS_REVIEW_STATUSES, type SmsReviewStatus } from '@shared/domain/registration';

const COLORS: Record<SmsReviewStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  in_review: 'blue',
  approved: 'green',
  rejected: 'red',
  expired: 'dark',
};

export function StatusBadge({ status, label }: { status: SmsReviewStatus; label?: string }) {
  const text = labelOf(SMS_REVIEW_STATUSES, status, status);
  return (
    <Badge color={COLORS[status]} variant="light" aria-label={label ? `${label}: ${text}` : text}>
      {text}
    </Badge>
  );
}
