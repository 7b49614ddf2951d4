/**
 * Test helpers: make `window.localStorage` behave like a blocked or full browser storage.
 * Each returns a function that restores the real storage.
 */
export function blockLocalStorage(): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
  return () => {
    if (original) Object.defineProperty(window, 'localStorage', original);
  };
}

export function removeLocalStorage(): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'localStorage');
  Object.defineProperty(window, 'localStorage', { configurable: true, value: undefined });
  return () => {
    if (original) Object.defineProperty(window, 'localStorage', original);
  };
}

export function fillLocalStorage(): () => void {
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
  return () => setItem.mockRestore();
}
