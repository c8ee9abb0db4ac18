/** What other features use: the Firebase client, loaded on demand (local mode never downloads the Firebase SDK). */
export const loadFirebaseClient = () => import('./api/firebase-client')
