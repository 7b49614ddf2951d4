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
  zPage,
  zTemporalPassword,
  zToken,
  zUserPublic,
} from '../contract';
import { http } from './client';
import { takeEarlyJson } from './early-responses';

const zUsersPage = zPage(zUserPublic);

export const usersApi = {
  async me(): Promise<UserPublic> {
    const early = await takeEarlyJson('/users/me');
    if (early !== undefined) return zUserPublic.parse(early);
    const { data } = await http.get('/users/me');
    return zUserPublic.parse(data);
  },
  async updateMe(body: UserUpdateMe): Promise<UserPublic> {
    const { data } = await http.patch('/users/me', body);
    return zUserPublic.parse(data);
  },
  async updatePassword(body: UpdatePassword): Promise<Token> {
    const { data } = await http.patch('/users/me/password', body);
    return zToken.parse(data);
  },
  async signup(body: UserRegister): Promise<UserPublic> {
    const { data } = await http.post('/users/signup', body);
    return zUserPublic.parse(data);
  },
  async list(query: UsersQuery & PageQuery): Promise<Page<UserPublic>> {
    const { data } = await http.get('/users/', { params: query });
    return zUsersPage.parse(data);
  },
  async update(userId: string, body: UserUpdate): Promise<UserPublic> {
    const { data } = await http.patch(`/users/${userId}`, body);
    return zUserPublic.parse(data);
  },
  async setTemporalPassword(userId: string, password?: string): Promise<TemporalPassword> {
    const body = new URLSearchParams(password ? { password } : {});
    const { data } = await http.post(`/users/${userId}/set-temporal-password`, body, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    return zTemporalPassword.parse(data);
  },
};
