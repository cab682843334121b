window.__pwned = 'external';
document.title = 'PWNED';
