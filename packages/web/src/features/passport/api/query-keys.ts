/** Query keys of the linked accounts (/BindPassport). */
export const passportKeys = {
  info: ['passport', 'info'] as const,
};

/** The messaging-app session or bind ticket the passport calls carry. */
export interface PassportCredentials {
  token: string;
  secret: string;
}
