/** Spec section 9: the message box closes itself after 5000 ms (the console's and the login page's). */
export const MESSAGE_BOX_AUTO_CLOSE_MS = 5000;
