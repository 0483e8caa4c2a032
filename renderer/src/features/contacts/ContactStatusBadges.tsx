/** A contact's §3 flags that change how the team may reach them: unsubscribed (replied STOP) and invalid. */
import { Badge, type BadgeProps } from '@mantine/core';
import type { Contact } from '@shared/api/contacts';

export function ContactStatusBadges({
  contact,
  size,
}: {
  contact: Pick<Contact, 'is_unsubscribed' | 'is_invalid'>;
  /** Smaller in a table row than on the contact's page. */
  size?: BadgeProps['size'];
}) {
  return (
    <>
      {contact.is_unsubscribed && (
        <Badge color="orange" variant="light" size={size} tt="none">
          Unsubscribed
        </Badge>
      )}
      {contact.is_invalid && (
        <Badge color="red" variant="light" size={size} tt="none">
          Invalid
        </Badge>
      )}
    </>
  );
}
