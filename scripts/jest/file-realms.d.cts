export function releaseFileRealm(): void;
