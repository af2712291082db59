/**
 * Runs in <head> before the first paint, beside the display settings' script: it marks <html>
 * `data-signed-in` when a customer is signed in in this browser (local storage `isUserLoggedIn`,
 * as `isUserLoggedIn` reads it). The server cannot know, and the header's account menu says who is
 * signed in only once the page is running, so the stylesheet keeps the menu's room for that from
 * the first paint and nothing below the header moves when it comes (issue 28: no layout shift).
 */
export const signedInScript = `(function(){try{if(JSON.parse(localStorage.getItem("isUserLoggedIn"))===true)document.documentElement.setAttribute("data-signed-in","")}catch(e){}})()`;
