import type { LoginForm, Message, NewPassword, Token } from '../contract';
import { call } from './call';

export const authApi = {
  async login(form: LoginForm): Promise<Token> {
    const body = new URLSearchParams({ username: form.username, password: form.password });
    return call('login', { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  },
  async recoverPassword(email: string): Promise<Message> {
    return call('recoverPassword', { params: { email } });
  },
  /**
   * Ends the session on the server (the token stops working at once, and the WebSockets it
   * opened close). The token is passed explicitly: the caller forgets it locally right after.
   */
  async logout(accessToken: string): Promise<Message> {
    return call('logout', { headers: { Authorization: `Bearer ${accessToken}` } });
  },
  async resetPassword(body: NewPassword): Promise<Message> {
    return call('resetPassword', { body });
  },
};
