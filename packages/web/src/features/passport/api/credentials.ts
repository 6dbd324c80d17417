/** The messaging-app session or bind ticket the passport calls carry. */
export interface PassportCredentials {
  token: string;
  secret: string;
}
