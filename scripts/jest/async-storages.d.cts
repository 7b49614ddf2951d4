export function releaseAsyncStorages(): void;
