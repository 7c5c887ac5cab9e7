/** A large feed of one-off meetings with a join link, an organizer and two attendees each (about 430 bytes an event). */
export const largeFeed = (events: number): string => {
  const event = (i: number) => [
    'BEGIN:VEVENT',
    `UID:event-${i}@example.com`,
    'DTSTAMP:20240101T000000Z',
    `DTSTART:202403${String(1 + (i % 28)).padStart(2, '0')}T${String(8 + (i % 10)).padStart(2, '0')}0000Z`,
    'DURATION:PT30M',
    `SUMMARY:Meeting ${i} on the quarterly plan`,
    `DESCRIPTION:Join at https://meet.google.com/abc-defg-hij and read the agenda for item ${i}`,
    'LOCATION:Room 4',
    'ORGANIZER;CN=Ana:mailto:ana@acme.com',
    'ATTENDEE;CN=Bo;PARTSTAT=ACCEPTED:mailto:bo@acme.com',
    'ATTENDEE;CN=Cy;PARTSTAT=TENTATIVE:mailto:cy@acme.com',
    'END:VEVENT',
  ].join('\r\n')
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Notetaker tests//EN', ...Array.from({ length: events }, (_, i) => event(i)), 'END:VCALENDAR', ''].join('\r\n')
}
