import { blockLocalStorage } from './storage-test-utils';
import {
  ACCESS_TOKEN_KEY,
  AUTHORIZATION_KEY,
  clearSession,
  getAccessToken,
  isLoggedIn,
  setAccessToken,
} from './token';

afterEach(() => localStorage.clear());

describe('session token', () => {
  it('stores the access token under the access_token key', () => {
    expect(setAccessToken('abc.def.ghi')).toBe(true);
    expect(localStorage.getItem('access_token')).toBe('abc.def.ghi');
    expect(ACCESS_TOKEN_KEY).toBe('access_token');
    expect(getAccessToken()).toBe('abc.def.ghi');
  });

  it('has no token before logging in', () => {
    expect(getAccessToken()).toBeNull();
  });

  it('treats an empty stored token as no token', () => {
    localStorage.setItem('access_token', '');
    expect(getAccessToken()).toBeNull();
    expect(isLoggedIn()).toBe(false);
  });

  it('refuses to store an empty token', () => {
    expect(setAccessToken('')).toBe(false);
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('is logged in exactly when a token is stored', () => {
    expect(isLoggedIn()).toBe(false);
    setAccessToken('token');
    expect(isLoggedIn()).toBe(true);
  });

  it('logging out removes the token and the stored authorization entry', () => {
    setAccessToken('token');
    localStorage.setItem('authorization', 'Bearer token');
    localStorage.setItem('luz.pageSize', '25');
    clearSession();
    expect(AUTHORIZATION_KEY).toBe('authorization');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('authorization')).toBeNull();
    expect(localStorage.getItem('luz.pageSize')).toBe('25');
    expect(isLoggedIn()).toBe(false);
  });

  it('works without storage: not logged in, nothing thrown', () => {
    const restore = blockLocalStorage();
    try {
      expect(getAccessToken()).toBeNull();
      expect(isLoggedIn()).toBe(false);
      expect(setAccessToken('token')).toBe(false);
      expect(() => clearSession()).not.toThrow();
    } finally {
      restore();
    }
  });
});
