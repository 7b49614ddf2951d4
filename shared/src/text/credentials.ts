/** Texts about CFE portal credentials outside the settings screen. Part of the one catalogue, `es.credentials`. */
export const credentialsText = {
  linked: 'Cuenta de CFE vinculada. Ya puedes agregar o importar tus servicios.',
};
