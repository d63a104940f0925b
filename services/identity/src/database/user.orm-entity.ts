import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { UserRole } from '@bleedkits/contracts';

@Entity({ name: 'users' })
export class UserRecord {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Stored normalised (trimmed, lower case); a unique index on lower(email) backs it. */
  @Column({ type: 'text' }) email: string;
  @Column({ name: 'first_name', type: 'text' }) firstName: string;
  @Column({ name: 'last_name', type: 'text' }) lastName: string;
  @Column({ name: 'password_hash', type: 'text', nullable: true }) passwordHash: string | null;
  @Column({ type: 'text', default: 'user' }) role: UserRole;
  @Column({ name: 'google_id', type: 'text', nullable: true }) googleId: string | null;
  @Column({ name: 'email_verified', type: 'boolean', default: false }) emailVerified: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

@Entity({ name: 'password_reset_tokens' })
export class PasswordResetTokenRecord {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  /** sha256 of the token; the token itself exists only in the e-mailed link. */
  @Column({ name: 'token_hash', type: 'text' }) tokenHash: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity({ name: 'email_changes' })
export class EmailChangeRecord {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  /** Stored normalised, like users.email. */
  @Column({ name: 'new_email', type: 'text' }) newEmail: string;
  /** sha256 of the token; the token itself exists only in the e-mailed link. */
  @Column({ name: 'token_hash', type: 'text' }) tokenHash: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
