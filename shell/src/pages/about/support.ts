/** Support address shown on the About screen (spec: "a Contact line with the support address"). */
export const SUPPORT_EMAIL = 'support@libraryportal.example';
