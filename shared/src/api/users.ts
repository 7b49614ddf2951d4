import type {
  TemporalPassword,
  Token,
  UpdatePassword,
  UserPublic,
  UserRegister,
  UserUpdate,
  UserUpdateMe,
} from '../contract';
import { call } from './call';

export const usersApi = {
  async updateMe(body: UserUpdateMe): Promise<UserPublic> {
    return call('updateMe', { body });
  },
  async updatePassword(body: UpdatePassword): Promise<Token> {
    return call('changePassword', { body });
  },
  async signup(body: UserRegister): Promise<UserPublic> {
    return call('signUp', { body });
  },
  async update(userId: string, body: UserUpdate): Promise<UserPublic> {
    return call('updateUser', { params: { user_id: userId }, body });
  },
  async setTemporalPassword(userId: string, password?: string): Promise<TemporalPassword> {
    const body = new URLSearchParams(password ? { password } : {});
    return call('setTemporalPassword', {
      params: { user_id: userId },
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  },
};
