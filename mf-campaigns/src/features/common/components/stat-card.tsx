import { Card, CardContent, Typography } from '@mui/material';

/** A figure with its title (a region named by the title), as the list counters, the panel and the sales page show it. */
export function StatCard({ title, value, caption }: { title: string; value: string; caption?: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {value}
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
