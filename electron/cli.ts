// CLI composition root.
console.log('gateway-studio CLI');
