/** A contact's §3 flags that change how the team may reach them: unsubscribed (replied STOP) and invalid. */
import { Badge } from '@mantine/core';
import type { Contact } from '@shared/api/contacts';

export function ContactStatusBadges({
  contact,
}: {
  contact: Pick<Contact, 'is_unsubscribed' | 'is_invalid'>;
}) {
  return (
    <>
      {contact.is_unsubscribed && (
        <Badge color="orange" variant="light" tt="none">
          Unsubscribed
        </Badge>
      )}
      {contact.is_invalid && (
        <Badge color="red" variant="light" tt="none">
          Invalid
        </Badge>
      )}
    </>
  );
}
