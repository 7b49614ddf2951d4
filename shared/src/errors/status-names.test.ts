import { httpStatusName, httpStatusNames } from './status-names';

describe('httpStatusNames (spec §8)', () => {
  it.each([
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [409, 'Conflict'],
    [418, "I'm a teapot"],
    [422, 'Validation Error'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [511, 'Network Authentication Required'],
  ])('%i is "%s"', (status, name) => {
    expect(httpStatusName(status)).toBe(name);
  });

  it('names only statuses from 400 to 511', () => {
    const statuses = Object.keys(httpStatusNames).map(Number);
    expect(Math.min(...statuses)).toBe(400);
    expect(Math.max(...statuses)).toBe(511);
    expect(statuses).toHaveLength(40);
  });

  it('has no name for numbers no standard assigns, nor outside the range', () => {
    expect(httpStatusName(419)).toBeNull();
    expect(httpStatusName(509)).toBeNull();
    expect(httpStatusName(399)).toBeNull();
    expect(httpStatusName(600)).toBeNull();
  });

  it('is read-only', () => {
    expect(Object.isFrozen(httpStatusNames)).toBe(true);
  });
});
