const certificateDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/**
 * A completion date as the certificate prints it: 'March 5, 2025'. Always in UTC, so the PDF,
 * the Completion page and the public verification page show the same day wherever they are read.
 */
export const formatCertificateDate = (iso: string | Date): string => certificateDate.format(new Date(iso))
