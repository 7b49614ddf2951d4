import { type LoginForm, type Message, type NewPassword, type Token, zMessage, zToken } from '../contract';
import { http } from './client';

export const authApi = {
  async login(form: LoginForm): Promise<Token> {
    const body = new URLSearchParams({ username: form.username, password: form.password });
    const { data } = await http.post('/login/access-token', body, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    return zToken.parse(data);
  },
  async recoverPassword(email: string): Promise<Message> {
    const { data } = await http.post(`/password-recovery/${encodeURIComponent(email)}`);
    return zMessage.parse(data);
  },
  /**
   * Ends the session on the server (the token stops working at once, and the WebSockets it
   * opened close). The token is passed explicitly: the caller forgets it locally right after.
   */
  async logout(accessToken: string): Promise<Message> {
    const { data } = await http.post('/logout', undefined, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    return zMessage.parse(data);
  },
  async resetPassword(body: NewPassword): Promise<Message> {
    const { data } = await http.post('/reset-password/', body);
    return zMessage.parse(data);
  },
};
