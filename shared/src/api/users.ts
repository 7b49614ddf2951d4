import {
  type Page,
  type PageQuery,
  type TemporalPassword,
  type Token,
  type UpdatePassword,
  type UserPublic,
  type UserRegister,
  type UsersQuery,
  type UserUpdate,
  type UserUpdateMe,
  zUserPublic,
} from '../contract';
import { call } from './call';
import { takeEarlyJson } from './early-responses';

export const usersApi = {
  async me(): Promise<UserPublic> {
    const early = await takeEarlyJson('/users/me');
    if (early !== undefined) return zUserPublic.parse(early);
    return call('getMe');
  },
  async updateMe(body: UserUpdateMe): Promise<UserPublic> {
    return call('updateMe', { body });
  },
  async updatePassword(body: UpdatePassword): Promise<Token> {
    return call('changePassword', { body });
  },
  async signup(body: UserRegister): Promise<UserPublic> {
    return call('signUp', { body });
  },
  async list(query: UsersQuery & PageQuery): Promise<Page<UserPublic>> {
    return call('listUsers', { query });
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
